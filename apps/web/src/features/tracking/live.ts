import { useEffect, useRef, useState } from 'react';
import { REALTIME_CLOSE, REALTIME_HEARTBEAT_MS, TRACKING_TOPIC } from '@portal/shared';
import { realtimeUrl } from '../../lib/realtime';

const MAX_BACKOFF_MS = 30_000;

/**
 * The tracking page's own anonymous socket (issue #28): instead of signing in it sends a `track`
 * frame with the link's token, and gets only a hint each time that request changes; `onChange`
 * then refetches the public view. After a dropped connection it reconnects with back-off and
 * refetches once (a change may have been missed). A refused or revoked link stops it: the
 * refetch then shows the page's "link does not work" answer. True while subscribed.
 */
export function useTrackingLive(token: string | null, onChange: () => void): boolean {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      const ws = new WebSocket(realtimeUrl());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'track', token, ref: 'track' }));
      ws.onmessage = (message) => {
        let frame: { type?: string; ref?: string; status?: string; topic?: string };
        try {
          frame = JSON.parse(String(message.data)) as typeof frame;
        } catch {
          return;
        }
        if (frame.type === 'reply' && frame.ref === 'track' && frame.status === 'ok') {
          setLive(true);
          heartbeat = setInterval(() => ws.send(JSON.stringify({ type: 'heartbeat', ref: 'heartbeat' })), REALTIME_HEARTBEAT_MS);
          if (attempt > 0) latest.current();
          attempt = 0;
        } else if (frame.type === 'event' && frame.topic === TRACKING_TOPIC) {
          latest.current();
        }
      };
      ws.onclose = (event) => {
        clearInterval(heartbeat);
        setLive(false);
        if (stopped) return;
        if (event.code === REALTIME_CLOSE.unauthenticated || event.code === REALTIME_CLOSE.sessionRevoked) {
          latest.current();
          return;
        }
        attempt += 1;
        retryTimer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      socket?.close();
    };
  }, [token]);

  return live;
}
