import { useEffect, useState } from 'react';
import { apiFetchBlob } from './api-client';

/**
 * An attachment (the signature image) needs the bearer token, so an <img src> cannot load it:
 * fetch it as a blob and show it through an object URL, freed when the component goes.
 */
export function useAttachmentUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFetchBlob(path, { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setState({ url: null, failed: false });
    };
  }, [path]);
  return state;
}
