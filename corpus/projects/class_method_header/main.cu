#include "runner.cuh"

int main()
{
    Runner r;
    r.n = 1 << 14;
    cudaMalloc(&r.data, r.n * sizeof(float));
    r.scale();
    r.flip();
    return 0;
}
