/** The posted form, or a 400 when the body is not a form (JSON, broken encoding): never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
}
