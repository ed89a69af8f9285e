void run(int n, int *p);
void warm_up(int *p);
