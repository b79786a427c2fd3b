import type { Theme } from '@aws-amplify/ui-react';

/** Brand theme: teal primary with enough contrast for text on white (WCAG AA). */
export const theme: Theme = {
  name: 'commentguard',
  tokens: {
    colors: {
      primary: {
        10: { value: '#f0fdfa' },
        20: { value: '#ccfbf1' },
        40: { value: '#5eead4' },
        60: { value: '#0f766e' },
        80: { value: '#115e59' },
        90: { value: '#134e4a' },
        100: { value: '#042f2e' },
      },
    },
    fonts: {
      default: {
        variable: { value: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        static: { value: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
  },
};
