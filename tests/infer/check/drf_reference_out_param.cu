// expect: drf — lane() writes threadIdx.x through a reference handed on twice; v is the thread's own index afterwards, and p, retargeted to B through a pointer reference, no longer overlaps A[blockIdx.x].
__device__ void set(int &r, int x) { r = x; }
__device__ void lane(int &r) { set(r, threadIdx.x); }
__device__ void pick(int *&p, int *q) { p = q; }

__global__ void k(int *A, int *B)
{
    __shared__ int s[256];
    int v = 0;
    lane(v);
    s[v] = 1;
    int *p = A;
    pick(p, B);
    p[blockIdx.x * blockDim.x + threadIdx.x] = 2;
    if (threadIdx.x == 0)
        A[blockIdx.x] = 3;
}
