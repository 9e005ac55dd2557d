import { screen } from '@testing-library/react';
import { renderAdmin } from '../test/render';
import AdminRegisterScreen from './admin-register';

describe('the staff registration page opened from an invitation mail', () => {
  it('has the invitation code and the invited address filled in', () => {
    renderAdmin(<AdminRegisterScreen />, {
      path: '/admin-register?code=ABCD-EFGH-JKLM-NPQR&email=colleague%40example.com',
      route: '/admin-register',
    });
    expect(screen.getByLabelText('Invitation code')).toHaveValue('ABCD-EFGH-JKLM-NPQR');
    expect(screen.getByLabelText('Email')).toHaveValue('colleague@example.com');
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });
});
