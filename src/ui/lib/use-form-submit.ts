// Sends a form once its own checks pass: busy while the request runs, field errors from the
// checks or from a refusal the feature can place on a field, else one translated message.
import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { apiErrorMessage } from './api-error-message';
import { toErrorInit } from './to-error-init';

/** What a form's own checks found: field errors (with an optional message for the whole form), or the request to send. */
export type PreparedSubmit<E> = { ok: false; errors: E; message?: string } | { ok: true; send: () => Promise<void> };

type FormSubmitOptions<E> = {
  /** The field errors a refusal stands for, or null to show it as the form's message. */
  fieldErrors?: (error: ApiErrorInit) => E | null;
};

export type FormSubmit<E> = {
  errors: Partial<E>;
  formError: string | null;
  busy: boolean;
  /** Attached to the form, focus moves to its first invalid field after every failed attempt. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's submit handler; `prepare` runs the checks on the values of this attempt. */
  submit: (prepare: () => PreparedSubmit<E>) => (event: FormEvent) => void;
};

/** A successful send leaves the form busy: the caller closes or leaves it. */
export function useFormSubmit<E extends object>({ fieldErrors }: FormSubmitOptions<E> = {}): FormSubmit<E> {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<E>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // In the commit that shows the errors, not after paint: the invalid field has focus as soon as
  // its message is on screen, however busy the machine.
  useLayoutEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const run = async (prepared: PreparedSubmit<E>) => {
    setErrors(prepared.ok ? {} : prepared.errors);
    setFormError(prepared.ok ? null : (prepared.message ?? null));
    setAttempt((n) => n + 1);
    if (!prepared.ok) return;
    setBusy(true);
    try {
      await prepared.send();
    } catch (error) {
      const init = toErrorInit(error);
      const found = fieldErrors?.(init) ?? null;
      if (found) setErrors(found);
      else setFormError(apiErrorMessage(t, init));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  };

  const submit = (prepare: () => PreparedSubmit<E>) => (event: FormEvent) => {
    event.preventDefault();
    void run(prepare());
  };

  return { errors, formError, busy, formRef, submit };
}

/** Field errors, if the checks found any; otherwise the request to send. */
export function prepareSubmit<E extends object>(
  errors: E,
  send: () => Promise<void>,
  message?: string,
): PreparedSubmit<E> {
  return Object.keys(errors).length > 0 ? { ok: false, errors, message } : { ok: true, send };
}
