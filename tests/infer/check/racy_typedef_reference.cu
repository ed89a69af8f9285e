// expect: racy — `Ref` is `int &` behind a type alias (and `decltype(s[0])` too): every thread writes s[0] through it.
using Ref = int &;

__global__ void k(int *A)
{
    __shared__ int s[4];
    Ref r = s[0];
    r = threadIdx.x;
    decltype(s[0]) q = s[1];
    q = 1;
}
