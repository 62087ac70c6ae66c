/**
 * zod for every schema of the project: its functional build, zod/mini, whose schemas do not each carry
 * dozens of method closures (building model.ts's schemas took ~20 ms of every start with the classic
 * build, and loading it ~10 ms more), with the English messages the classic build sets by itself.
 * Import it as a namespace (`import * as z`), so that the build keeps only what is used.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
