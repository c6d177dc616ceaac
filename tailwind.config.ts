import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

// The design tokens, in one place: neutral greys with a cool tint, one accent (indigo), semantic
// tones and chart series, each as [light, dark]. They become CSS variables on :root and .dark
// (dark mode follows a `dark` class on <html>, set before paint by components/theme-script.tsx)
// and Tailwind colours (`bg-surface`, `text-ink-muted`, ...). app/globals.css loads this file.
const colors = {
  canvas: ['oklch(0.985 0.002 265)', 'oklch(0.155 0.006 265)'],
  surface: ['oklch(1 0 0)', 'oklch(0.19 0.007 265)'],
  subtle: ['oklch(0.968 0.003 265)', 'oklch(0.225 0.008 265)'],
  line: ['oklch(0.918 0.004 265)', 'oklch(0.27 0.009 265)'],
  'line-strong': ['oklch(0.86 0.006 265)', 'oklch(0.34 0.011 265)'],
  ink: ['oklch(0.22 0.012 265)', 'oklch(0.955 0.004 265)'],
  'ink-muted': ['oklch(0.49 0.014 265)', 'oklch(0.72 0.012 265)'],
  'ink-subtle': ['oklch(0.62 0.012 265)', 'oklch(0.58 0.012 265)'],
  accent: ['oklch(0.53 0.2 272)', 'oklch(0.6 0.19 272)'],
  'accent-hover': ['oklch(0.48 0.2 272)', 'oklch(0.66 0.17 272)'],
  'accent-fg': ['oklch(0.99 0 0)', 'oklch(0.99 0 0)'],
  'accent-soft': ['oklch(0.955 0.025 272)', 'oklch(0.28 0.06 272)'],
  'accent-soft-ink': ['oklch(0.45 0.19 272)', 'oklch(0.82 0.09 272)'],
  danger: ['oklch(0.56 0.2 25)', 'oklch(0.68 0.18 25)'],
  'danger-soft': ['oklch(0.962 0.022 25)', 'oklch(0.27 0.06 25)'],
  success: ['oklch(0.5 0.12 155)', 'oklch(0.74 0.13 155)'],
  'success-soft': ['oklch(0.962 0.03 155)', 'oklch(0.26 0.05 155)'],
  warning: ['oklch(0.55 0.12 70)', 'oklch(0.8 0.12 80)'],
  'warning-soft': ['oklch(0.968 0.04 85)', 'oklch(0.28 0.05 80)'],
} as const;

/** Not Tailwind colours, but read by components: the shadow tint and the chart series (edits, comparisons, videos). */
const variables = {
  'shadow-color': ['oklch(0.2 0.02 265 / 0.08)', 'oklch(0 0 0 / 0.4)'],
  'chart-edit': ['oklch(0.55 0.2 272)', 'oklch(0.66 0.17 272)'],
  'chart-comparison': ['oklch(0.66 0.12 190)', 'oklch(0.74 0.11 190)'],
  'chart-video': ['oklch(0.76 0.15 70)', 'oklch(0.8 0.14 75)'],
} as const;

const tokens = { ...colors, ...variables };
const scheme = (index: 0 | 1) => Object.fromEntries(Object.entries(tokens).map(([name, values]) => [`--${name}`, values[index]]));

export default {
  content: [],
  theme: {
    extend: {
      colors: Object.fromEntries(Object.keys(colors).map((name) => [name, `var(--${name})`])),
      fontFamily: {
        // Geist for Latin text; the platform's CJK face for Chinese, so Hanzi never fall back to a serif.
        sans: [
          'var(--font-geist-sans)',
          'PingFang SC',
          'Hiragino Sans GB',
          'Microsoft YaHei',
          'Noto Sans CJK SC',
          'Noto Sans SC',
          'Source Han Sans SC',
          'system-ui',
          'sans-serif',
        ],
        mono: ['var(--font-geist-mono)', 'ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
      },
      borderRadius: { control: '0.5rem', card: '0.875rem' },
      boxShadow: {
        card: '0 1px 2px var(--shadow-color), 0 0 0 1px var(--line)',
        pop: '0 12px 32px -8px var(--shadow-color), 0 2px 6px var(--shadow-color), 0 0 0 1px var(--line)',
      },
      keyframes: { 'pop-in': { from: { opacity: '0', transform: 'translateY(4px) scale(0.98)' } } },
      animation: { 'pop-in': 'pop-in 140ms ease-out' },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({ ':root': { ...scheme(0), colorScheme: 'light' }, '.dark': { ...scheme(1), colorScheme: 'dark' } });
    }),
  ],
} satisfies Config;
