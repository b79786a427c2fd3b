/** The product mark: the one logo of the site and the app. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="cg-logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M9 10h14a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1h-8l-5 4v-4H9a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1z" fill="#fff" />
      <path d="m12.5 15 2.2 2.2 4.8-4.7" fill="none" stroke="#0f766e" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
