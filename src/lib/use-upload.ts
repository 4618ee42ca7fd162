import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromCallback } from 'xstate';
import type { UploadKind } from '@domain';
import type { UploadSendEvent } from '@machines/upload.machine';
import { uploadMachine } from '@machines/upload.machine';
import { inspectAll, machineLog } from './machine-log';
import { appInspect } from './session-handle';

/** How a screen sends its file: through one of the session's clients (`mainUpload`, or a signed link's). */
export type SendFile<T> = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<T>;

/** The upload machine's `send` actor for a way of sending: progress reported, the request aborted when it stops. */
export function fileSender<T>(send: SendFile<T>) {
  return fromCallback<UploadSendEvent, { file: { name: string; size: number } }>(({ input, sendBack }) => {
    const controller = new AbortController();
    send(input.file as File, (percent) => sendBack({ type: 'upload.progress', percent }), controller.signal).then(
      (output) => sendBack({ type: 'upload.sent', output }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
      },
    );
    return () => controller.abort();
  });
}

/**
 * An upload machine for a screen: `send` says how its file travels, `onSent` what happens once it arrived. Both may
 * change between renders (the latest ones are used); the machine is the same for the component's life.
 */
export function useUpload<T>({
  kind,
  sendsOnChoice,
  send,
  onSent,
}: {
  kind: UploadKind;
  sendsOnChoice?: boolean;
  send: SendFile<T>;
  onSent?: (output: T) => void;
}) {
  const latest = useRef({ send, onSent });
  latest.current = { send, onSent };
  const [machine] = useState(() =>
    uploadMachine.provide({
      actors: { send: fileSender((...args) => latest.current.send(...args)) },
      actions: { sent: (_, { output }) => latest.current.onSent?.(output as T) },
    }),
  );
  const actor = useActorRef(machine, {
    input: { kind, sendsOnChoice },
    // Outside production a browser test may ask for its transitions; the live view shows it like the others.
    inspect: inspectAll(machineLog(), appInspect()),
  });
  const state = useSelector(
    actor,
    (s) => ({
      busy: s.hasTag('busy'),
      progress: s.context.progress,
      error: s.context.error,
      fieldErrors: s.context.fieldErrors,
      file: s.context.file as File | null,
      cancelled: s.matches('cancelled'),
      failed: s.matches('failed'),
      rejected: s.matches('rejected'),
      sent: s.matches('sent'),
    }),
    shallowEqual,
  );
  return { actor, ...state };
}

export type UploadHandle = ReturnType<typeof useUpload>;
