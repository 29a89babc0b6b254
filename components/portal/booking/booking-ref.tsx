/** The booking a portal form acts on, and the signed link's token when the page was opened through one. */
export function BookingRef({ reference, token }: { reference: string; token: string | undefined }) {
  return (
    <>
      <input type="hidden" name="reference" value={reference} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
}
