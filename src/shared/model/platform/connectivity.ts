/** Whether the instance answers: fed by every area's API calls, shown by the offline banner. */
export interface ConnectivityState {
  online: boolean;
  /** Epoch ms of the last change. */
  since: number;
  /** Why the console believes it is offline. */
  message?: string;
}
