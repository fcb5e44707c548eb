// Files (uploads and attachments): the server's answers as catalogue messages (docs/decisions/0275). Their English is
// exactly FILE_ERRORS of common/files.ts. The texts with values (a size, a file's name and kind, a count) are given with
// localText where they are thrown, with the values that FILE_ERRORS' functions write into the English.
import { defineMessages } from '@formatjs/intl';

export const SERVER_FILES = defineMessages({
  notMultipart: { id: 'server.files.notMultipart', defaultMessage: 'Send the file as multipart/form-data.', description: 'Refusal of a malformed upload (names the HTTP content type).' },
  noFile: { id: 'server.files.noFile', defaultMessage: 'Choose a file to upload.', description: 'Refusal.' },
  tooLarge: { id: 'server.files.tooLarge', defaultMessage: 'This file is larger than {megabytes, number} MB. Please choose a smaller one.', description: 'Refusal of an upload: {megabytes} is the largest size allowed, in megabytes.' },
  quota: { id: 'server.files.quota', defaultMessage: 'Your files would take more than your {megabytes, number} MB of storage. Remove older conversations\' files or ask an administrator.', description: 'Refusal of an upload: {megabytes} is the member\'s storage, in megabytes.' },
  rate: { id: 'server.files.rate', defaultMessage: 'You have uploaded many files in the last hour. Please try again later.', description: 'Rate limit on uploads.' },
  unknownType: { id: 'server.files.unknownType', defaultMessage: 'This type of file is not accepted. You can share images (PNG, JPEG, WebP, HEIC, GIF), PDFs, Word, Excel and OpenDocument text files, plain text and CSV.', description: 'Refusal of an upload.' },
  mismatch: {
    id: 'server.files.mismatch',
    defaultMessage: 'This file is named .{ext} but its contents are {type, select, png {a PNG image} jpeg {a JPEG image} webp {a WebP image} gif {a GIF image} heic {a HEIC photo} pdf {a PDF} docx {a Word document} xlsx {an Excel workbook} odt {an OpenDocument text} text {plain text} csv {CSV text} other {another type ({mime})}}. Rename it or choose another file.',
    description: 'Refusal of an upload whose name does not match its contents: {ext} is the name\'s extension (as written), {type} what the contents are, {mime} the detected MIME type (as it is) when of no accepted kind.',
  },
  encryptedPdf: { id: 'server.files.encryptedPdf', defaultMessage: 'This PDF is password-protected. Please remove the password and upload it again.', description: 'Refusal of an upload.' },
  malformedPdf: { id: 'server.files.malformedPdf', defaultMessage: 'This PDF could not be read. It may be damaged; please export it again.', description: 'Refusal of an upload.' },
  badImage: { id: 'server.files.badImage', defaultMessage: 'This image could not be read. It may be damaged; please choose another.', description: 'Refusal of an upload.' },
  imageTooLarge: { id: 'server.files.imageTooLarge', defaultMessage: 'This image has too many pixels to process. Please choose a smaller one.', description: 'Refusal of an upload.' },
  heicUnsupported: { id: 'server.files.heicUnsupported', defaultMessage: 'HEIC photos cannot be converted on this server. Please share it as JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).', description: 'Refusal of an upload: the path names the iPhone\'s settings, as the iPhone says them in the reader\'s language.' },
  badText: { id: 'server.files.badText', defaultMessage: 'This text file is not valid UTF-8 text. Please save it as UTF-8 and upload it again.', description: 'Refusal of an upload.' },
  notFound: { id: 'server.files.notFound', defaultMessage: 'File not found.', description: 'Refusal.' },
  notYours: { id: 'server.files.notYours', defaultMessage: 'You can only attach files you uploaded.', description: 'Refusal.' },
  alreadyAttached: { id: 'server.files.alreadyAttached', defaultMessage: 'This file is already attached elsewhere. Upload it again to share it here.', description: 'Refusal.' },
  tooMany: { id: 'server.files.tooMany', defaultMessage: 'A message can carry at most {max, plural, one {# file} other {# files}}.', description: 'Refusal: {max} is the most files one message may carry.' },
  referralNotAccepted: { id: 'server.files.referralNotAccepted', defaultMessage: 'Documents can be shared once the referral has been accepted.', description: 'Refusal.' },
});

/** What an upload's contents are, as the mismatch refusal names them ({type} of SERVER_FILES.mismatch). */
export type FileTypeName = 'png' | 'jpeg' | 'webp' | 'gif' | 'heic' | 'pdf' | 'docx' | 'xlsx' | 'odt' | 'text' | 'csv' | 'other';
