/** Inline SVG icons (decorative: aria-hidden; the control around them carries the name). */
import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;
const base = (props: P): P => ({ width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, ...props });

export const GithubIcon = (p: P) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M12 .5C5.65.5.5 5.65.5 12a11.5 11.5 0 0 0 7.86 10.92c.58.1.79-.25.79-.56v-2.15c-3.2.7-3.87-1.37-3.87-1.37-.53-1.33-1.28-1.69-1.28-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.41-2.69 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 23.5 12C23.5 5.65 18.35.5 12 .5Z" />
  </svg>
);
export const XIcon = (p: P) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.57L16.67 19.2Z" />
  </svg>
);
export const DiscordIcon = (p: P) => (
  <svg {...base(p)} fill="currentColor">
    <path d="M20.32 4.37A19.8 19.8 0 0 0 15.4 2.85a13.7 13.7 0 0 0-.63 1.3 18.4 18.4 0 0 0-5.53 0 13 13 0 0 0-.64-1.3 19.7 19.7 0 0 0-4.93 1.53C.56 9.06-.28 13.63.14 18.13a19.9 19.9 0 0 0 6.04 3.05c.49-.66.92-1.36 1.3-2.1a12.9 12.9 0 0 1-2.04-.98l.5-.39a14.2 14.2 0 0 0 12.12 0l.5.39c-.65.39-1.33.72-2.05.98.38.74.81 1.44 1.3 2.1a19.8 19.8 0 0 0 6.05-3.05c.5-5.22-.84-9.75-3.54-13.76ZM8.02 15.36c-1.18 0-2.15-1.08-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.2 0 2.17 1.1 2.15 2.42 0 1.34-.95 2.42-2.15 2.42Zm7.96 0c-1.18 0-2.15-1.08-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.2 0 2.17 1.1 2.15 2.42 0 1.34-.94 2.42-2.15 2.42Z" />
  </svg>
);
const stroke = (p: P): P => ({ ...base(p), fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' });
export const SunIcon = (p: P) => (
  <svg {...stroke(p)}>
    <circle cx="12" cy="12" r="4.5" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
  </svg>
);
export const MoonIcon = (p: P) => (
  <svg {...stroke(p)}>
    <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
  </svg>
);
export const MenuIcon = (p: P) => (
  <svg {...stroke(p)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = (p: P) => (
  <svg {...stroke(p)}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
export const ChevronDownIcon = (p: P) => (
  <svg {...stroke({ width: 14, height: 14, ...p })}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
export const ChevronRightIcon = (p: P) => (
  <svg {...stroke({ width: 14, height: 14, ...p })}>
    <path d="m9 6 6 6-6 6" />
  </svg>
);
export const ArrowLeftIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </svg>
);
export const ArrowRightIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <path d="M5 12h14M12 5l7 7-7 7" />
  </svg>
);
export const ArrowUpIcon = (p: P) => (
  <svg {...stroke(p)}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);
export const GridIcon = (p: P) => (
  <svg {...base(p)} fill="currentColor">
    {[5, 12, 19].flatMap((y) => [5, 12, 19].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);
export const CopyIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
);
export const CheckIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
);
export const WrapIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <path d="M3 6h18M3 12h15a3 3 0 1 1 0 6h-4M3 18h7" />
    <path d="m16 16-2 2 2 2" />
  </svg>
);
export const TranslateIcon = (p: P) => (
  <svg {...stroke(p)}>
    <path d="M4 5h8M8 3v2M10 5c-1 4-3.5 7-6 8.5M6 9c1 2 3 3.5 5 4.5M13 21l4-9 4 9M14.5 18h5" />
  </svg>
);
export const ExternalIcon = (p: P) => (
  <svg {...stroke({ width: 12, height: 12, ...p })}>
    <path d="M7 17 17 7M8 7h9v9" />
  </svg>
);
export const MoreIcon = (p: P) => (
  <svg {...base(p)} fill="currentColor">
    <circle cx="5" cy="12" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="19" cy="12" r="1.8" />
  </svg>
);
export const OutlineIcon = (p: P) => (
  <svg {...stroke({ width: 16, height: 16, ...p })}>
    <path d="M4 6h16M8 12h12M8 18h12" />
  </svg>
);
