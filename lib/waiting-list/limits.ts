/** Field lengths of a waiting-list entry: the form stops typing there and the server refuses anything longer. */
export const WAITING_LIST_LIMITS = { name: 200, email: 320, phone: 40 } as const;
