import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TagsField, tagsOf } from './tags-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TagsField value={value} onChange={setValue} />
      <output data-testid="sent">{JSON.stringify(tagsOf(`${value},`).tags)}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '[]');

describe('the tags field', () => {
  it('adds a tag with Enter or a comma and shows each as a chip', async () => {
    render(<Harness />);
    const box = screen.getByLabelText('Tags');
    await userEvent.type(box, 'revenge{Enter}office, ceo');
    expect(screen.getByRole('list', { name: 'Added so far' })).toHaveTextContent('revenge');
    expect(screen.getByRole('button', { name: 'Remove tag office' })).toBeInTheDocument();
    expect(box).toHaveValue('ceo');
    expect(sent()).toEqual(['revenge', 'office', 'ceo']);
  });

  it('removes a tag with its button or Backspace, and ignores a repeated tag', async () => {
    render(<Harness initial="love, drama, " />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag love' }));
    expect(sent()).toEqual(['drama']);
    const box = screen.getByLabelText('Tags');
    await userEvent.type(box, 'Drama,');
    expect(sent()).toEqual(['drama']);
    await userEvent.type(box, '{Backspace}');
    expect(sent()).toEqual([]);
  });

  it('takes a pasted list of tags at once', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByLabelText('Tags'));
    await userEvent.paste('thriller, office');
    expect(sent()).toEqual(['thriller', 'office']);
  });
});
