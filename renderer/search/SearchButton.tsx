// Placeholder until the search work lands: the search helper replaces this file.
export function SearchButton({ label }: { label: string }) {
  return (
    <button type="button" className="search-button" aria-label={label}>
      {label}
    </button>
  );
}
