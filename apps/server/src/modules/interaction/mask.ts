/** Personal data a submitter may have typed into a public item: 身份证 numbers, phone numbers, mail addresses. */
export function maskPersonal(text: string): string {
  return text
    .replace(/(?<!\d)(\d{6})\d{8}(\d{3}[\dXx])(?!\d)/g, '$1********$2')
    .replace(/(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2')
    .replace(/([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, '$1***@$2');
}
