import type { Metadata } from "next";
import { ReferenceEditor } from "@/components/rubric/reference-editor";
import { loadItem, type ItemParams } from "../load";

export async function generateMetadata({ params }: ItemParams): Promise<Metadata> {
  return { title: `Reference of ${decodeURIComponent((await params).id)}` };
}

export default async function ReferencePage({ params }: ItemParams) {
  return <ReferenceEditor initial={await loadItem((await params).id)} />;
}
