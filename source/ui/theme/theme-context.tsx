/** Provides the active theme to views. */
import { createContext, useContext } from 'react';
import { colorTheme, type Theme } from './theme.js';

export const ThemeContext = createContext<Theme>(colorTheme);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
