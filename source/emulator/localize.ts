/**
 * The requester's locale (X-Discord-Locale, else Accept-Language) and the list-view shape Discord
 * returns without `with_localizations`: `name_localized` / `description_localized` for that locale
 * instead of the full dictionaries, on the command, its options and their choices (facts §3, §5).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { LOCALES, type Command } from '../discord/model.js';

const BY_LOWER = new Map<string, string>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));
/** Bare languages that Discord only knows with a region. */
const LANGUAGE_DEFAULTS: Record<string, string> = { en: 'en-US', es: 'es-ES', pt: 'pt-BR', sv: 'sv-SE', zh: 'zh-CN' };
/** Documented fallbacks (facts §5). */
const FALLBACKS: Record<string, string> = { 'en-US': 'en-GB', 'en-GB': 'en-US', 'es-419': 'es-ES' };

function matchLocale(tag: string): string | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower || lower === '*') return undefined;
  const language = lower.split('-')[0]!;
  return BY_LOWER.get(lower) ?? BY_LOWER.get(language) ?? LANGUAGE_DEFAULTS[language];
}

export function requesterLocale(headers: IncomingHttpHeaders): string | undefined {
  const explicit = headers['x-discord-locale'];
  if (typeof explicit === 'string') {
    const found = matchLocale(explicit);
    if (found) return found;
  }
  const accept = headers['accept-language'];
  if (typeof accept !== 'string') return undefined;
  const ranked = accept
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return undefined;
}

function pick(dictionary: unknown, locale: string | undefined): string | undefined {
  if (!locale || typeof dictionary !== 'object' || dictionary === null) return undefined;
  const entries = dictionary as Record<string, unknown>;
  const value = entries[locale] ?? (FALLBACKS[locale] ? entries[FALLBACKS[locale]] : undefined);
  return typeof value === 'string' ? value : undefined;
}

type Localizable = Record<string, unknown>;

function localizeNode<T extends Localizable>(node: T, locale: string | undefined): T {
  const { name_localizations, description_localizations, ...rest } = node;
  const out: Localizable = { ...rest };
  const name = pick(name_localizations, locale);
  const description = pick(description_localizations, locale);
  if (name !== undefined) out.name_localized = name;
  if (description !== undefined) out.description_localized = description;
  if (Array.isArray(rest.options)) out.options = rest.options.map((option: Localizable) => localizeNode(option, locale));
  if (Array.isArray(rest.choices)) out.choices = rest.choices.map((choice: Localizable) => localizeNode(choice, locale));
  return out as T;
}

/** A command as list endpoints show it when `with_localizations` is not set. */
export function localizedView(command: Command, locale: string | undefined): Command {
  return localizeNode(command, locale);
}
