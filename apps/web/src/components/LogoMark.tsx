// The product mark (a camera lens in a shield), drawn inline so no image request delays the first paint.
import { useId } from 'react';

export function LogoMark({ size = 32 }: { size?: number }) {
  // One gradient id per instance: a copy inside a display:none parent would otherwise blank the others.
  const gradient = `svc-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#1456c4" />
        </linearGradient>
      </defs>
      <path d="M16 2 28 6.5v8.8c0 7.3-5 12.6-12 14.7C9 27.9 4 22.6 4 15.3V6.5Z" fill={`url(#${gradient})`} />
      <circle cx="16" cy="15.5" r="6.6" fill="#0a2556" />
      <circle cx="16" cy="15.5" r="3.6" fill="#69b1ff" />
      <circle cx="17.4" cy="14.1" r="1.2" fill="#fff" />
    </svg>
  );
}
