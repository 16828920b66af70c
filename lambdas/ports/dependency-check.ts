/** A program or file the service needs on this machine, and whether it is there. */
export type DependencyStatus = {
  readonly name: string;
  readonly ok: boolean;
  /** When missing: what to run to install it, e.g. `sudo apt-get install pocketsphinx-en-us`. */
  readonly fix?: string;
};

/** Checks the local engines' programs and models (ffmpeg, ffprobe, pocketsphinx and its model). */
export interface DependencyCheck {
  check(): Promise<readonly DependencyStatus[]>;
}
