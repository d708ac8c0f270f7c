// The few line icons of the public pages, inline SVG (the public area does not load an icon library).
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2 };

export function CheckIcon() {
  return (
    <svg {...base} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" strokeOpacity="0.45" />
      <path d="m7.5 12.5 3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function AlertIcon() {
  return (
    <svg {...base} width={16} height={16} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
    </svg>
  );
}

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg {...base} aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}
