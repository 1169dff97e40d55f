/** Tab choice remembered per group id under a key beginning `rspress.tabs`. */
export function tabsStorageKey(groupId: string): string {
  return `rspress.tabs.${groupId}`;
}

/** Index of a stored label among the tabs, or 0 when absent or unknown. */
export function storedTabIndex(labels: readonly string[], stored: string | null): number {
  if (stored === null) return 0;
  const index = labels.indexOf(stored);
  return index < 0 ? 0 : index;
}

/** Arrow/Home/End keys over a tab list (WAI-ARIA tabs pattern), wrapping around. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
