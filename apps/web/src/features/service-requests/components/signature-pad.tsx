import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/**
 * A signature drawn with a finger, a pen or a mouse (signature_pad's pointer events), given
 * to `onChange` as a PNG data URL after every stroke, and null when cleared. The canvas is
 * sized to its box and the screen's pixel ratio, so the line stays sharp and under the finger.
 */
export function SignatureField({ onChange, error, label }: { onChange: (dataUrl: string | null) => void; error?: string; label: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const latest = useRef(onChange);
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const fit = () => {
      // Resizing a canvas wipes it: keep the strokes and draw them again at the new size.
      const strokes = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const onEnd = () => {
      setEmpty(pad.isEmpty());
      latest.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', onEnd);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    latest.current(null);
  };

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}{' '}
          <Text span c="red" inherit>
            *
          </Text>
        </Text>
        <Button size="compact-xs" variant="subtle" leftSection={<IconEraser size={14} />} onClick={clear} disabled={empty} data-testid="sr-signature-clear">
          {t('serviceRequests.feedback.clear')}
        </Button>
      </Group>
      <Box
        style={{
          border: `1px ${error ? 'solid var(--mantine-color-red-6)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
          position: 'relative',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={label}
          role="img"
          style={{ display: 'block', width: '100%', height: 180, touchAction: 'none', cursor: 'crosshair' }}
          data-testid="sr-signature-canvas"
        />
        {empty && (
          <Text size="sm" c="dimmed" pos="absolute" top="50%" w="100%" ta="center" style={{ transform: 'translateY(-50%)', pointerEvents: 'none' }}>
            {t('serviceRequests.feedback.signHere')}
          </Text>
        )}
      </Box>
      {error && (
        <Text c="red" size="xs" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
