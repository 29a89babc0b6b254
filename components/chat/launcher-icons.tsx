// The chat button's two icons, drawn on the server and handed to the launcher as elements: their markup travels once
// in the page's data instead of in the script every public page downloads (docs/performance.md, "Script").

/** A speech bubble: the menu is closed. */
export function ChatBubbleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
      <circle cx="8" cy="11" r="1.4" className="fill-brand-700" />
      <circle cx="12" cy="11" r="1.4" className="fill-brand-700" />
      <circle cx="16" cy="11" r="1.4" className="fill-brand-700" />
    </svg>
  );
}

/** A cross: the menu is open. */
export function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-6 w-6">
      <path
        fill="currentColor"
        d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
      />
    </svg>
  );
}
