/** A program or file the service needs on this machine, and whether it is there. */
export type DependencyStatus = {
  readonly name: string;
  readonly ok: boolean;
  /** When missing: what to run to install it, e.g. `sudo apt-get install ffmpeg` or `npm ci`. */
  readonly fix?: string;
};

/** Checks the local engines: ffmpeg, ffprobe, onnxruntime-node and the Moonshine model. */
export interface DependencyCheck {
  check(): Promise<readonly DependencyStatus[]>;
}
