import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCategory, IconEdit, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { categoryName, ZCreateItemCategory, type TItemCategory } from '@portal/shared';
import { FormActions, FormError } from '../../../components/form-actions';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { Ltr } from '../../../components/ltr';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useCategories } from '../../../lib/inventory-lookups';
import { toastSuccess } from '../../../lib/toast';
import { useCreateItemCategory, useUpdateItemCategory } from '../api/item-categories';

interface CategoryValues {
  code: string;
  name_ar: string;
  name_en: string;
}

/** Create (code optional) or rename (the code stays) a category; a name taken lands on its field. */
function CategoryForm({ category, onDone }: { category: TItemCategory | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateItemCategory();
  const update = useUpdateItemCategory();
  const form = useForm<CategoryValues>({
    initialValues: { code: category?.code ?? '', name_ar: category?.name_ar ?? '', name_en: category?.name_en ?? '' },
    validate: (values) => zodFieldErrors(ZCreateItemCategory, category ? { ...values, code: '' } : values),
  });
  const inputProps = useTranslatedInputProps(form);
  const errorText = (field: keyof CategoryValues) => {
    const error = form.errors[field];
    if (error === 'duplicate') return t('inventory.categories.duplicate');
    if (error === 'code_taken') return t('inventory.categories.codeTaken');
    return inputProps(field).error;
  };

  const submit = form.onSubmit(async (values) => {
    try {
      if (category) {
        await update.mutateAsync({ code: category.code, patch: { name_ar: values.name_ar, name_en: values.name_en } });
        toastSuccess('inventory.categories.saved');
      } else {
        await create.mutateAsync(ZCreateItemCategory.parse(values));
        toastSuccess('inventory.categories.created');
      }
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (isApiError(error) && error.code === 'code_taken') form.setErrors({ code: 'code_taken' });
      else if (fields) form.setErrors(fields);
      else form.setErrors({ form: describeError(t, error) });
    }
  });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="category-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('inventory.categories.nameAr')} required dir="rtl" lang="ar" data-testid="category-name-ar" {...inputProps('name_ar')} error={errorText('name_ar')} />
            <TextInput label={t('inventory.categories.nameEn')} required dir="ltr" lang="en" data-testid="category-name-en" {...inputProps('name_en')} error={errorText('name_en')} />
          </SimpleGrid>
          {!category && (
            <TextInput
              label={t('inventory.categories.code')}
              description={t('inventory.categories.codeHint')}
              dir="ltr"
              autoComplete="off"
              data-testid="category-code"
              {...inputProps('code')}
              error={errorText('code')}
            />
          )}
          <FormError error={form.errors.form} />
          <FormActions onCancel={onDone} gap="sm" submitLabel={category ? t('common.saveChanges') : t('inventory.categories.create')} submitting={create.isPending || update.isPending} submitTestId="category-submit" />
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The item categories (admin and warehouse supervisor): every category with both names, its
 * code and how many items it has; add one, or rename one. A company has tens of categories,
 * so the whole list is loaded once and searched here.
 */
export function CategoriesPanel() {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TItemCategory | 'new' | null>(null);

  const needle = search.trim().toLowerCase();
  const rows = (categories.data?.items ?? []).filter(
    (c) => !needle || [c.code, c.name_ar, c.name_en].some((v) => v.toLowerCase().includes(needle)),
  );
  const other = (c: TItemCategory) => (i18n.language.startsWith('ar') ? c.name_en : c.name_ar);

  return (
    <Stack gap="sm" data-testid="categories-panel">
      <Text size="sm" c="dimmed">
        {t('inventory.categories.subtitle')}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          leftSection={<IconSearch size={16} />}
          placeholder={t('inventory.categories.searchPlaceholder')}
          aria-label={t('inventory.categories.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          dir="auto"
          data-testid="categories-search"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={editing === 'new'} data-testid="category-new">
          {t('inventory.categories.new')}
        </Button>
      </Group>
      {editing === 'new' && <CategoryForm category={null} onDone={() => setEditing(null)} />}

      {categories.isPending ? (
        <ListLoading rows={6} />
      ) : categories.isError ? (
        <ListError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : rows.length === 0 ? (
        <ListEmpty
          filtered={!!needle}
          onReset={() => setSearch('')}
          icon={IconCategory}
          title={needle ? undefined : t('inventory.categories.emptyTitle')}
          body={needle ? undefined : t('inventory.categories.emptyBody')}
        />
      ) : (
        <Stack gap={6} data-testid="categories-list">
          {rows.map((c) =>
            editing !== 'new' && editing?.code === c.code ? (
              <CategoryForm key={c.code} category={c} onDone={() => setEditing(null)} />
            ) : (
              <Paper key={c.code} withBorder radius="md" px="sm" py={8} data-testid="category-row" data-code={c.code}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" dir="auto" truncate>
                      {categoryName(c, i18n.language)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      <span dir="auto">{other(c)}</span> · <Ltr>{c.code}</Ltr>
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Tooltip label={t('inventory.categories.items')}>
                      <Badge variant="light" color="gray" data-testid="category-count">
                        {c.item_count ?? 0}
                      </Badge>
                    </Tooltip>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('inventory.categories.edit')}: ${categoryName(c, i18n.language)}`}
                      onClick={() => setEditing(c)}
                      data-testid="category-edit"
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
