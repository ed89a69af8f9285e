#include "runner.cuh"

int main()
{
    int *p = nullptr;
    warm_up(p);
    run(128, p);
    return 0;
}
