/** What a call that must fail was refused with: its typed error's code and message (fails the test when it succeeds). */
export async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a rejection');
}
