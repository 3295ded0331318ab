/**
 * The addresses a form has written and the router has yet to show back. Navigations render as
 * transitions, which React may commit one by one after later keystrokes: an address that comes
 * back is the form's own echo, however stale, while it is still on this list. Only an address the
 * form never wrote (a link, Back) is a change from outside.
 */
export class AddressEchoes {
  private pending: string[] = [];
  private shown: string;

  constructor(initial: string) {
    this.shown = initial;
  }

  /** The form wrote `address`. */
  wrote(address: string): void {
    this.pending.push(address);
    // A router that skips some of them never clears them; keep the list short.
    if (this.pending.length > 100) this.pending.splice(0, this.pending.length - 100);
  }

  /** The router shows `address`: true when the form should be read from it afresh. */
  isFromOutside(address: string): boolean {
    if (address === this.shown) return false;
    this.shown = address;
    const echo = this.pending.indexOf(address);
    if (echo >= 0) {
      this.pending.splice(0, echo + 1);
      return false;
    }
    this.pending = [];
    return true;
  }
}
