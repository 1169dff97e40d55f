/**
 * Icons of the search dialog: lines drawn in the text colour, hidden from assistive technology.
 */
const icon = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
export const SearchIcon = () => (
  <svg {...icon}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const CrossIcon = () => (
  <svg {...icon} width={16} height={16}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
export const StarIcon = () => (
  <svg {...icon} width={16} height={16}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />
  </svg>
);
export const ClockIcon = () => (
  <svg {...icon}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);
export const PageIcon = () => (
  <svg {...icon}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5" />
  </svg>
);
export const TextIcon = () => (
  <svg {...icon}>
    <path d="M4 6h16M4 12h16M4 18h10" />
  </svg>
);
