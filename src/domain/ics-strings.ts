// The Russian words of a ticket's calendar entry (domain/ics.ts), in one place so a wording change or
// a translation touches a single file.

export const ICS_STRINGS = {
  /** The seats of a bus with numbered seats, as the ticket page prints them. */
  seats: (seats: readonly number[]) => `Места: № ${seats.join(', ')}`,
  /** How many people go, for a trip without numbered seats. */
  people: (count: number) => `Количество человек: ${count}`,
  party: (adults: number, kids: number) => `Взрослые: ${adults}, дети: ${kids}`,
  ticketLink: (url: string) => `Билет: ${url}`,
} as const;
