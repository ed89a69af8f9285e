//pass
//--blockDim=64 --gridDim=1
// expect: drf — two threads share each cell s[i]; the seed read and the atomicCAS are on the same cell, i unchanged between them

__global__ void bump(int *s)
{
    int i = threadIdx.x % 32;
    int old = s[i];
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(&s[i], assumed, assumed + 1);
    } while (assumed != old);
}
