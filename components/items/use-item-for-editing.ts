"use client";

import { useQuery } from "@tanstack/react-query";
import type { ItemForEditing } from "@/lib/server/authoring/getItemForEditing";
import { apiFetch } from "@/lib/http/apiFetch";
import { itemApi } from "./api";

const itemQueryKey = (itemId: string) => ["authoring-item", itemId];

/** Loads (and reloads) everything an item's editors show; the server page passes the first copy. */
export function useItemForEditing(initial: ItemForEditing) {
  return useQuery({
    queryKey: itemQueryKey(initial.item.id),
    queryFn: () => apiFetch<ItemForEditing>(itemApi(initial.item.id)),
    initialData: initial,
    // Another author may have published since this tab last looked: read again on every visit.
    staleTime: 0,
  });
}
