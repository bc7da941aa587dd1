let underWay = false;

/**
 * Whether the app's first render over the prerendered page is under way (take-over-page.ts sets
 * it): what would make that commit longer on a slow phone can wait for the next task (Hint).
 */
export function firstCommitUnderWay(): boolean {
  return underWay;
}

export function setFirstCommitUnderWay(value: boolean): void {
  underWay = value;
}
