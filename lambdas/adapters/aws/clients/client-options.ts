/** What every SDK client factory takes. */
export type ClientOptions = {
  readonly region: string;
  /** Set only for local stand-ins. */
  readonly endpoint?: string | undefined;
};

/** Stand-ins accept any credentials; giving fixed ones stops the SDK from searching for real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
