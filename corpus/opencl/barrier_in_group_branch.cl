//pass
//--local_size=64 --num_groups=16
// expect: drf — a barrier inside if (get_group_id(0) == 0): uniform within each work-group
#define WG 64

__kernel void barrier_in_group_branch(__global float *data)
{
    __local float s[WG];
    int lid = get_local_id(0);
    s[lid] = data[get_global_id(0)];
    if (get_group_id(0) == 0) {
        barrier(CLK_LOCAL_MEM_FENCE);
        data[get_global_id(0)] = s[WG - 1 - lid];
    }
}
