/** Field lengths of a waiting-list entry: the form stops typing there and the server refuses anything longer (254: the
 * longest address isValidEmail accepts). */
export const WAITING_LIST_LIMITS = { unitLabel: 200, name: 200, email: 254, phone: 40 } as const;
