//xfail:NOT_ALL_VERIFIED
//--num_groups=[4,4]
// expect: divergent — reqd_work_group_size(8,8,1): a barrier inside if (get_local_id(1) < 4), which half the work-group skips
__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void reqd_wgs_2d_divergent(__global float *img)
{
    __local float tile[8][8];
    int x = get_global_id(0), y = get_global_id(1);
    int width = get_global_size(0);
    tile[get_local_id(1)][get_local_id(0)] = img[y * width + x];
    if (get_local_id(1) < 4)
        barrier(CLK_LOCAL_MEM_FENCE);
    img[y * width + x] = tile[get_local_id(1)][get_local_id(0)];
}
