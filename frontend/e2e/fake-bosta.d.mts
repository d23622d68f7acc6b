/** The header the shop expects Bosta's webhook secret in. */
export const BOSTA_SECRET_HEADER: string;
/** The secret itself. */
export const BOSTA_SECRET: string;
/** Starts the fake Bosta and answers its base URL. */
export function startFakeBosta(): Promise<string>;
