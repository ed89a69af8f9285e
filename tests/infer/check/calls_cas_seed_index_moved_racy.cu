//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: the seed read of s[i] is a plain read of another cell than the atomicCAS on s[i] after i moved, so it races with another thread's CAS

__global__ void bump(int *s)
{
    int i = threadIdx.x;
    int old = s[i];
    i = (i + 1) % 64;
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(&s[i], assumed, assumed + 1);
    } while (assumed != old);
}
