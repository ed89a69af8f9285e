// expect: racy — the twin of bytes_nested_member: one thread writes the struct member pos whole, which covers pos.y.
struct Pos { int x, y; };
struct Q { float m; Pos pos; };
__global__ void nested_member_whole(Q *A, Pos p)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t % 2)
        A[t / 2].pos = p;
    else
        A[t / 2].pos.y = t;
}
