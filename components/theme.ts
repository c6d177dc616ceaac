export const THEME_COOKIE = 'atelier-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const parseTheme = (value: string | undefined): Theme => ((THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system');
