/** `business/firmware/index`: firmware packages per machine model and their staged rollouts. */
export function FirmwarePage() {
  return null;
}
