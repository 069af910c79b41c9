// Profiles for tools that can only send one request and read its answer (ShareX, Flameshot with
// curl, iOS Shortcuts): one multipart POST to the form upload endpoint with the API key in a
// header and `Accept: text/plain`, whose answer is the share link alone. The file part's name
// comes from the endpoint definition, so a profile cannot drift from what the server reads.
import { formUpload } from './api/upload.endpoints';

/** Stands in for the key in a profile made for an existing key, whose full value is never shown again. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
export const FILE_FORM_NAME = formUpload.body.filePart;

export type ToolProfileInput = {
  /** The absolute address of POST /api/upload on this server. */
  uploadUrl: string;
  /** The full key, or null for a profile with the placeholder. */
  apiKey: string | null;
  /** Shown in ShareX's list of uploaders. */
  name: string;
};

/** ShareX's custom uploader (.sxcu), the syntax of ShareX 14 and later. */
export type SharexProfile = {
  Version: string;
  Name: string;
  DestinationType: string;
  RequestMethod: 'POST';
  RequestURL: string;
  Headers: Record<string, string>;
  Body: 'MultipartFormData';
  FileFormName: string;
  URL: string;
  ErrorMessage: string;
};

function headersOf(apiKey: string | null): Record<string, string> {
  return { Authorization: `ApiKey ${apiKey ?? API_KEY_PLACEHOLDER}`, Accept: 'text/plain' };
}

export function sharexProfile({ uploadUrl, apiKey, name }: ToolProfileInput): SharexProfile {
  return {
    Version: '15.0.0',
    Name: name,
    DestinationType: 'ImageUploader, TextUploader, FileUploader',
    RequestMethod: 'POST',
    RequestURL: uploadUrl,
    Headers: headersOf(apiKey),
    Body: 'MultipartFormData',
    FileFormName: FILE_FORM_NAME,
    URL: '{response}',
    ErrorMessage: '{json:message}',
  };
}

/** A file name for the profile: the key's name without characters file systems refuse. */
export function sharexFileName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `clipdock-${safe || 'key'}.sxcu`;
}

/** A word for a POSIX shell: single-quoted, with any single quote spelled '\''. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

function curlArguments(input: ToolProfileInput): string {
  const headers = Object.entries(headersOf(input.apiKey)).map(
    ([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`,
  );
  return `curl -sS ${headers.join(' ')}`;
}

/** A Flameshot capture shared in one line: the screenshot on stdin, the link on stdout. */
export function flameshotCommand(input: ToolProfileInput): string {
  const part = shellQuote(`${FILE_FORM_NAME}=@-;filename=screenshot.png;type=image/png`);
  return `flameshot gui --raw | ${curlArguments(input)} -F ${part} ${shellQuote(input.uploadUrl)}`;
}

/** Any file shared with curl; the link is the answer. */
export function curlCommand(input: ToolProfileInput, path = 'photo.jpg'): string {
  return `${curlArguments(input)} -F ${shellQuote(`${FILE_FORM_NAME}=@${path}`)} ${shellQuote(input.uploadUrl)}`;
}
