import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { Toaster } from '../components/ui/Toaster';
import { theme } from './theme';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
