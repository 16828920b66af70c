import { useEffect, useState } from 'react';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';

/** The runtime configuration once loaded (null until then, or if it could not be loaded). */
export function useRuntimeConfig(): RuntimeConfig | null {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  useEffect(() => {
    let live = true;
    loadRuntimeConfig().then(
      (loaded) => live && setConfig(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
