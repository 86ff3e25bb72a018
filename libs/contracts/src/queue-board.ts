/** Where the queue board is and how long its cookie lasts. */
export interface QueueBoardSession {
  path: string;
  expiresInSeconds: number;
}
