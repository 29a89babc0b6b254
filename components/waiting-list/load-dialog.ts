// The waiting-list dialog (its form, checks and server action) loads when a visitor reaches for a button that opens
// it, not with every page that lists units: a pointer or focus on the button starts the download before the click.
export const loadWaitingListDialog = () => import('./waiting-list-dialog');
